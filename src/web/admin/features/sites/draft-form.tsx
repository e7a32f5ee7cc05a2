// The small editors of the back office (discount codes, credit bundles; O-04): a draft checked by the
// shared schema before it is sent, the server's field messages beside the fields, save and cancel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { z } from 'zod';
import { fieldErrors } from '../../../../shared/contract/admin-sites.ts';
import { AdminApiError } from '../../api.ts';
import { SaveError, useFieldText } from './fields.tsx';
import { buttonClass, primaryButtonClass } from './ui.tsx';

/** A draft, its field messages and its save: `send` gets what the schema made of the draft. */
export function useDraftEditor<D extends object, B>(opts: {
  initial: D;
  schema: z.ZodType<B>;
  send: (body: B) => Promise<unknown>;
  /** The list the saved object shows in: asked again after a save. */
  listKey: readonly unknown[];
  onDone: () => void;
}) {
  const fieldText = useFieldText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<D>(opts.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: opts.send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: opts.listKey });
      opts.onDone();
    },
    onError: (e) => {
      if (e instanceof AdminApiError && e.fields) setErrors(e.fields);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = opts.schema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data);
  };
  return {
    draft,
    set: (patch: Partial<D>) => setDraft((d) => ({ ...d, ...patch })),
    err: (k: string) => fieldText(errors[k]),
    save,
    submit,
  };
}

/** The form around an editor's fields: its heading (focused when it opens), the save error and buttons. */
export function DraftForm({
  titleId,
  title,
  editor,
  onCancel,
  children,
}: {
  titleId: string;
  title: string;
  editor: {
    submit: (e: FormEvent) => void;
    save: { isError: boolean; error: unknown; isPending: boolean };
  };
  onCancel: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { save } = editor;
  return (
    <form
      noValidate
      className="space-y-3 rounded-md border border-line bg-white p-4"
      aria-labelledby={titleId}
      onSubmit={editor.submit}
    >
      <h2 id={titleId} ref={heading} tabIndex={-1} className="font-semibold">
        <FormattedMessage id={title} />
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <SaveError
        error={
          save.isError && !(save.error instanceof AdminApiError && save.error.fields) ? save.error : null
        }
      />
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          <FormattedMessage id={save.isPending ? 'admin.sites.saving' : 'admin.sites.save'} />
        </button>
        <button type="button" className={buttonClass} onClick={onCancel}>
          <FormattedMessage id="admin.sites.cancel" />
        </button>
      </div>
    </form>
  );
}

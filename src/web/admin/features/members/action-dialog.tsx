import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AdminApiError, isStepUpRequired } from '../../api.ts';

export interface ActionFields {
  reason: string;
  amount: number;
}

/**
 * One staff action in a native modal `<dialog>` (O-02): a reason field when the action needs one, a number
 * of credits for the credits action, the server's field messages beside the fields, and a clear request
 * to confirm the second factor again when the server answers `step_up_required`.
 */
export function ActionDialog(props: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  intro?: ReactNode;
  submitLabel: ReactNode;
  danger?: boolean;
  reason?: boolean;
  amount?: boolean;
  run(fields: ActionFields): Promise<unknown>;
  onDone(result: unknown): void;
}) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), reason: useId(), amount: useId(), amountHelp: useId(), error: useId() };
  const [formKey, setFormKey] = useState(0);
  const mutation = useMutation({ mutationFn: props.run, onSuccess: props.onDone });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) {
      mutation.reset();
      setFormKey((k) => k + 1);
      dialog.showModal();
    } else if (!props.open && dialog.open) dialog.close();
  }, [props.open, mutation.reset]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    mutation.mutate({ reason: String(form.get('reason') ?? ''), amount: Number(form.get('amount') ?? 0) });
  };

  const error = mutation.error;
  const fields = error instanceof AdminApiError ? (error.fields ?? {}) : {};
  const stepUp = isStepUpRequired(error);

  return (
    <dialog
      ref={ref}
      aria-labelledby={ids.title}
      onClose={props.onClose}
      className="m-auto w-[min(100%-2rem,32rem)] rounded-lg border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
    >
      <form key={formKey} onSubmit={submit} className="space-y-4 p-5" noValidate>
        <h2 id={ids.title} className="text-lg font-bold">
          {props.title}
        </h2>
        {props.intro && <div className="text-sm">{props.intro}</div>}
        {props.amount && (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.amount} className="font-medium">
              <FormattedMessage id="admin.members.credits_amount" />
            </label>
            <input
              id={ids.amount}
              name="amount"
              type="number"
              inputMode="numeric"
              step={1}
              min={-100000}
              max={100000}
              required
              aria-describedby={ids.amountHelp}
              aria-invalid={fields.amount ? true : undefined}
              className="min-h-11 rounded-md border border-line px-3"
            />
            <p id={ids.amountHelp} className="text-sm text-muted">
              <FormattedMessage id="admin.members.credits_amount_help" />
            </p>
            {fields.amount && <p className="text-sm text-danger">{fields.amount}</p>}
          </div>
        )}
        {props.reason && (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.reason} className="font-medium">
              <FormattedMessage id="admin.members.reason" />
            </label>
            <textarea
              id={ids.reason}
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={3}
              aria-invalid={fields.reason ? true : undefined}
              className="rounded-md border border-line px-3 py-2"
            />
            {fields.reason && <p className="text-sm text-danger">{fields.reason}</p>}
          </div>
        )}
        {error && (
          <div id={ids.error} role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger">
            {stepUp ? (
              <>
                <p className="font-semibold">
                  <FormattedMessage id="admin.members.step_up_title" />
                </p>
                <p>
                  <FormattedMessage id="admin.members.step_up_body" />
                </p>
              </>
            ) : (
              error.message
            )}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="min-h-11 rounded-md border border-line px-4"
          >
            {intl.formatMessage({ id: 'admin.members.cancel' })}
          </button>
          <button
            type="submit"
            disabled={mutation.isPending}
            className={`min-h-11 rounded-md px-4 font-semibold text-white disabled:opacity-60 ${props.danger ? 'bg-danger' : 'bg-primary'}`}
          >
            {props.submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

import { BadgePercent, EyeOff, Heart, MailX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DELETE_REASONS } from '../../../shared/contract/accounts.ts';
import type {
  RetentionKind,
  TRetentionSolution as RetentionSolution,
} from '../../../shared/contract/accounts-api.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useAcceptRetention, useDeleteAccount, useRetention } from '../../api/accounts.ts';
import {
  ErrorAlert,
  FormMessage,
  PasswordField,
  SubmitButton,
  TextField,
  useFormErrors,
  useFormRef,
} from '../../components/form.tsx';
import { Modal } from '../../components/modal.tsx';
import { percentText } from '../../i18n/values.ts';

type Reason = (typeof DELETE_REASONS)[number];
type Stage = 'solutions' | 'reasons' | { kept: RetentionSolution };

const SOLUTION_ICONS = { invisible: EyeOff, pause_email: MailX, discount: BadgePercent } as const;

function Solutions(props: { onAccepted(solution: RetentionSolution): void; onContinue(): void }) {
  const intl = useIntl();
  const retention = useRetention(true);
  const accept = useAcceptRetention();
  if (retention.isPending) {
    return <div className="h-56 animate-pulse rounded-2xl bg-surface" aria-busy="true" />;
  }
  const solutions = retention.data ?? [];
  return (
    <div className="space-y-4">
      <p className="text-muted">
        <FormattedMessage id="retention.intro" />
      </p>
      <ul className="space-y-3">
        {solutions.map((solution) => {
          const Icon = SOLUTION_ICONS[solution.kind];
          const values = { percentage_text: percentText(intl.locale, solution.percentage ?? 0) };
          return (
            <li key={solution.kind} className="rounded-2xl border border-line p-4">
              <div className="flex gap-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary-soft text-on-secondary">
                  <Icon aria-hidden size={20} />
                </span>
                <div className="min-w-0">
                  <h3 className="font-bold">
                    <FormattedMessage id={`retention.${solution.kind}_title`} values={values} />
                  </h3>
                  <p className="mt-0.5 text-[15px] text-muted">
                    <FormattedMessage id={`retention.${solution.kind}_body`} values={values} />
                  </p>
                </div>
              </div>
              <button
                type="button"
                className="btn btn-secondary mt-3 w-full"
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(solution.kind as RetentionKind, {
                    onSuccess: () => props.onAccepted(solution),
                  })
                }
              >
                <FormattedMessage id={`retention.${solution.kind}_accept`} values={values} />
              </button>
            </li>
          );
        })}
      </ul>
      <ErrorAlert error={accept.error ?? retention.error} />
      <button
        type="button"
        className="btn btn-ghost w-full"
        onClick={props.onContinue}
        disabled={accept.isPending}
      >
        <FormattedMessage id="retention.continue_delete" />
      </button>
    </div>
  );
}

function Reasons(props: { onCancel(): void }) {
  const intl = useIntl();
  const remove = useDeleteAccount(pathFor('account-deleted') ?? '/');
  const formRef = useFormRef();
  const errors = useFormErrors(formRef);
  const [reasons, setReasons] = useState<Reason[]>([]);
  const [comment, setComment] = useState('');
  const [password, setPassword] = useState('');
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (remove.isPending) return;
    if (!password) {
      return errors.fail({ password: intl.formatMessage({ id: 'validation.password_required' }) });
    }
    errors.clear();
    remove.mutate(
      { password, reasons, comment },
      {
        onError: (err) => errors.fromServer(err, ['password', 'comment']),
      },
    );
  }
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <FormMessage message={errors.form} />
      <fieldset>
        <legend className="font-semibold">
          <FormattedMessage id="delete.reasons" />
        </legend>
        <div className="mt-2 space-y-1">
          {DELETE_REASONS.map((reason) => (
            <label key={reason} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                name="reasons"
                value={reason}
                checked={reasons.includes(reason)}
                onChange={(e) =>
                  setReasons((r) => (e.target.checked ? [...r, reason] : r.filter((x) => x !== reason)))
                }
                className="size-5 shrink-0 accent-[var(--color-primary)]"
              />
              <FormattedMessage id={`delete_reason.${reason}`} />
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={<FormattedMessage id="delete.comment" />}
        name="comment"
        multiline
        maxLength={1000}
        value={comment}
        onChange={setComment}
        error={errors.fields.comment}
      />
      <PasswordField
        label={<FormattedMessage id="settings.password_confirm_current" />}
        autoComplete="current-password"
        value={password}
        {...errors.bind('password', setPassword)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel} disabled={remove.isPending}>
          <FormattedMessage id="delete.keep" />
        </button>
        <SubmitButton
          pending={remove.isPending}
          className="btn btn-danger"
          icon={<Trash2 aria-hidden size={18} />}
        >
          <FormattedMessage id="delete.submit" />
        </SubmitButton>
      </div>
    </form>
  );
}

function Kept({ solution, onClose }: { solution: RetentionSolution; onClose(): void }) {
  const intl = useIntl();
  return (
    <div className="flex flex-col items-center gap-3 text-center" role="status">
      <Heart aria-hidden size={40} className="text-primary" />
      <p className="text-[17px]">
        <FormattedMessage
          id={`retention.${solution.kind}_done`}
          values={{ percentage_text: percentText(intl.locale, solution.percentage ?? 0) }}
        />
      </p>
      <button type="button" className="btn btn-primary mt-2 w-full" onClick={onClose}>
        <FormattedMessage id="common.close" />
      </button>
    </div>
  );
}

/** Account deletion: first the ways to stay, then reasons, a comment and the password. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>('solutions');
  const close = () => {
    setOpen(false);
    setStage('solutions');
  };
  return (
    <>
      <button type="button" className="btn btn-ghost text-danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden size={18} />
        <FormattedMessage id="settings.delete_open" />
      </button>
      <Modal
        open={open}
        onOpenChange={(o) => (o ? setOpen(true) : close())}
        title={
          stage === 'reasons' ? (
            <FormattedMessage id="delete.title" />
          ) : typeof stage === 'object' ? (
            <FormattedMessage id="retention.kept_title" />
          ) : (
            <FormattedMessage id="retention.title" />
          )
        }
        size="md"
      >
        {stage === 'solutions' && (
          <Solutions
            onAccepted={(solution) => setStage({ kept: solution })}
            onContinue={() => setStage('reasons')}
          />
        )}
        {stage === 'reasons' && <Reasons onCancel={close} />}
        {typeof stage === 'object' && <Kept solution={stage.kept} onClose={close} />}
      </Modal>
    </>
  );
}

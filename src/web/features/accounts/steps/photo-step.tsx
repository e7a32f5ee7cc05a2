import { CircleCheck, ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { uploadPhoto, useSignupStep } from '../../../api/accounts.ts';
import { ApiError } from '../../../api/client.ts';
import { errorText } from '../../../api/error-text.ts';
import { FormAlert } from '../../../components/form.tsx';
import { UploadProgress } from '../../../components/upload-progress.tsx';
import { percentText } from '../../../i18n/values.ts';
import { StepActions } from './step-actions.tsx';

type Upload =
  | { state: 'idle' }
  | { state: 'uploading'; progress: number }
  | { state: 'done' }
  | { state: 'failed'; message: string };

/** Step 1: a profile photo, with a preview and upload progress; it may be skipped. */
export function PhotoStep() {
  const intl = useIntl();
  const step = useSignupStep();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(file: File | undefined) {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPreview(URL.createObjectURL(file));
    setUpload({ state: 'uploading', progress: 0 });
    uploadPhoto(file, (progress) => setUpload({ state: 'uploading', progress }), controller.signal).then(
      () => setUpload({ state: 'done' }),
      (err: unknown) => {
        if (err instanceof DOMException && err.name === 'AbortError') return;
        setUpload({
          state: 'failed',
          message:
            err instanceof ApiError && err.status < 500
              ? err.message
              : intl.formatMessage({ id: 'error.general' }),
        });
      },
    );
  }

  const uploading = upload.state === 'uploading';
  const percent = uploading ? Math.round(upload.progress * 100) : upload.state === 'done' ? 100 : 0;

  return (
    <div className="flex flex-1 flex-col space-y-5">
      <p className="text-muted">
        <FormattedMessage id="signup.photo_intro" />
      </p>
      <div className="flex flex-col items-center gap-4">
        <div className="relative aspect-[3/4] w-44 overflow-hidden rounded-2xl border-2 border-dashed border-line bg-surface">
          {preview ? (
            <img
              src={preview}
              alt={intl.formatMessage({ id: 'signup.photo_preview' })}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus aria-hidden size={44} className="absolute inset-0 m-auto text-muted" />
          )}
          {upload.state === 'done' && (
            <CircleCheck
              aria-hidden
              size={32}
              className="absolute right-2 top-2 rounded-full bg-white text-primary"
            />
          )}
        </div>
        <label
          htmlFor={inputId}
          className="btn btn-ghost cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary"
        >
          <ImagePlus aria-hidden size={18} />
          {preview ? (
            <FormattedMessage id="signup.photo_other" />
          ) : (
            <FormattedMessage id="signup.photo_choose" />
          )}
          <input
            id={inputId}
            type="file"
            name="photo"
            accept="image/jpeg,image/png,image/webp,image/heic"
            className="sr-only"
            disabled={uploading || step.isPending}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {upload.state !== 'idle' && upload.state !== 'failed' && (
        <div>
          <UploadProgress percent={percent} />
          <p role="status" className="mt-2 text-center text-sm text-muted">
            {upload.state === 'done' ? (
              <FormattedMessage id="signup.photo_done" />
            ) : (
              <FormattedMessage
                id="signup.photo_uploading"
                values={{ percent_text: percentText(intl.locale, percent) }}
              />
            )}
          </p>
        </div>
      )}
      {upload.state === 'failed' && <FormAlert>{upload.message}</FormAlert>}
      {step.isError && <FormAlert>{errorText(step.error, intl)}</FormAlert>}
      <StepActions
        pending={step.isPending}
        nextDisabled={upload.state !== 'done'}
        onNext={() => step.mutate({ step: 1 })}
        onSkip={uploading ? undefined : () => step.mutate({ step: 1 })}
      />
    </div>
  );
}

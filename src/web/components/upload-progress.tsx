import { useIntl } from 'react-intl';

/** An upload's progress bar (0 to 100): the signup's photo step and the photo manager. */
export function UploadProgress(props: {
  percent: number;
  /** The track's colour: on a page, or over the photo being sent. */
  trackClassName?: string;
}) {
  const intl = useIntl();
  return (
    <div
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'signup.photo_progress' })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={props.percent}
      className={`h-2 overflow-hidden rounded-full ${props.trackClassName ?? 'bg-surface'}`}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width]"
        style={{ width: `${props.percent}%` }}
      />
    </div>
  );
}

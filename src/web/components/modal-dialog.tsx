import { X } from 'lucide-react';
import {
  type DialogHTMLAttributes,
  type MouseEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';

export type NativeDialogProps = Omit<
  DialogHTMLAttributes<HTMLDialogElement>,
  'open' | 'onCancel' | 'onClose' | 'onClick' | 'children'
> & {
  /** Open unless false: the dialog opens when it mounts and closes when it unmounts. */
  open?: boolean;
  /** Escape, a click on the backdrop (or anywhere, with `closeOnClick`), or the browser closing it. */
  onDismiss(): void;
  /** false: Escape and clicks do not close it. */
  dismissible?: boolean;
  /** A click anywhere in the dialog closes it too (the match modal), not only one on the backdrop. */
  closeOnClick?: boolean;
  children: ReactNode;
};

/**
 * The browser's own modal `<dialog>` (decision 0016), with no look of its own: `showModal()` puts it in the
 * top layer, above any dialog already open, makes the rest of the page inert, traps focus, focuses the
 * first control and gives focus back on close, with no script of ours or a library's doing it (Radix did,
 * at a cost of about 40 ms on a phone's first page, where the entry warning opens). `ModalDialog` below,
 * the match modal and the photo viewer are drawn in it.
 */
export function NativeDialog({
  open = true,
  onDismiss,
  dismissible = true,
  closeOnClick = false,
  onKeyDown: keyDown,
  children,
  ...attributes
}: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Read by the native events below without re-binding them on every render.
  const latest = useRef({ open, onDismiss, dismissible });
  latest.current = { open, onDismiss, dismissible };
  // Set once this dialog closes itself on unmount: the `close` event that follows is not a dismissal.
  const unmounted = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Closed before it leaves the page, so the browser gives focus back to where it was.
  useEffect(
    () => () => {
      unmounted.current = true;
      if (ref.current?.open) ref.current.close();
    },
    [],
  );

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDialogElement>) => {
    keyDown?.(e);
    // Stops the browser's close request itself: a preventDefault on `cancel` alone lets a second Escape
    // through.
    if (e.key === 'Escape' && !dismissible) e.preventDefault();
  };
  const onCancel = (e: SyntheticEvent) => {
    e.preventDefault();
    if (dismissible) latest.current.onDismiss();
  };
  // A click on the dialog element itself is a click on the backdrop: the content fills the box.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (dismissible && (closeOnClick || e.target === ref.current)) latest.current.onDismiss();
  };
  // Closed by the browser some other way (a form with method=dialog): the state follows.
  const onClose = () => {
    if (unmounted.current || !latest.current.open) return;
    if (latest.current.dismissible) latest.current.onDismiss();
    else ref.current?.showModal();
  };

  return createPortal(
    <dialog
      ref={ref}
      {...attributes}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
    >
      {children}
    </dialog>,
    document.body,
  );
}

const WIDTHS = {
  sm: 'max-w-modal-sm',
  md: 'max-w-modal-md',
  lg: 'max-w-modal-lg',
  xl: 'max-w-modal-xl',
} as const;

export type ModalProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof WIDTHS;
  dismissible?: boolean;
  showClose?: boolean;
  children: ReactNode;
};

/**
 * A dialog with the modal widths of spec §9, in a `NativeDialog`. `dismissible: false` keeps it open on
 * backdrop click and Escape (the signup modal mid-signup, the entry warning).
 * Pages use `Modal` from modal.tsx, which loads this the first time a dialog opens.
 */
export default function ModalDialog(props: ModalProps) {
  const intl = useIntl();
  const titleId = useId();
  const descriptionId = useId();
  const dismissible = props.dismissible ?? true;
  const close = () => props.onOpenChange(false);

  return (
    <NativeDialog
      open={props.open}
      onDismiss={close}
      dismissible={dismissible}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={`m-auto max-h-[90dvh] w-[calc(100vw-2rem)] ${WIDTHS[props.size ?? 'md']} overflow-y-auto overscroll-contain rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/55 backdrop:backdrop-blur-[2px]`}
    >
      <div className="relative p-6">
        <h2 id={titleId} className="pr-8 text-xl font-bold">
          {props.title}
        </h2>
        {props.description ? (
          <p id={descriptionId} className="mt-1 text-muted">
            {props.description}
          </p>
        ) : (
          <p id={descriptionId} className="sr-only">
            {props.title}
          </p>
        )}
        <div className="mt-4">{props.children}</div>
        {dismissible && props.showClose !== false && (
          <button
            type="button"
            onClick={close}
            className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface"
            aria-label={intl.formatMessage({ id: 'common.close' })}
          >
            <X aria-hidden size={20} />
          </button>
        )}
      </div>
    </NativeDialog>
  );
}

import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

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
 * A dialog with the modal widths of spec §9. Focus is trapped inside and returns on close (Radix).
 * `dismissible: false` keeps it open on backdrop click and Escape (the signup modal mid-signup).
 * Pages use `Modal` from modal.tsx, which loads this (and Radix) the first time a dialog opens.
 */
export default function ModalDialog(props: ModalProps) {
  const intl = useIntl();
  const dismissible = props.dismissible ?? true;
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/55 backdrop-blur-[2px] data-[state=open]:animate-[fade_150ms_ease-out]" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] ${WIDTHS[props.size ?? 'md']} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl`}
        >
          <Dialog.Title className="pr-8 text-xl font-bold">{props.title}</Dialog.Title>
          {props.description ? (
            <Dialog.Description className="mt-1 text-muted">{props.description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{props.title}</Dialog.Description>
          )}
          <div className="mt-4">{props.children}</div>
          {dismissible && props.showClose !== false && (
            <Dialog.Close
              className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface"
              aria-label={intl.formatMessage({ id: 'common.close' })}
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

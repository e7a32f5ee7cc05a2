import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Modal } from './modal.tsx';

/**
 * A small dialog that asks before an action (delete a photo, remove a chat, block or unblock): what is
 * shown above the buttons (an error, the photo) goes in `children`; cancel and dismiss both call `onClose`.
 */
export function ConfirmModal(props: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's content. */
  confirm: ReactNode;
  onConfirm(): void;
  /** A red button for what cannot be taken back. */
  danger?: boolean;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={props.title}
      description={props.description}
      size="sm"
    >
      {props.children}
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className={props.danger ? 'btn btn-danger' : 'btn btn-primary'}
          disabled={props.busy}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </button>
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
      </div>
    </Modal>
  );
}

import type { ReactNode } from 'react';

/**
 * "Meer laden" under a list that grows a page at a time. Not `disabled` while a page loads: that would
 * drop the keyboard focus; a click then does nothing.
 */
export function LoadMore(props: {
  busy: boolean;
  onMore(): void;
  children: ReactNode;
  /** Space above it: lists sit closer to their button than grids do. */
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`flex justify-center ${props.className ?? 'mt-6'}`}>
      <button
        type="button"
        className="btn btn-ghost aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={props.busy}
        onClick={() => {
          if (!props.busy) props.onMore();
        }}
        data-testid={props.testId}
      >
        {props.children}
      </button>
    </div>
  );
}

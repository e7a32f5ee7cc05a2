// The back office's two button looks, shared by every area (the members' `.btn` classes are not loaded here).
export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-line bg-white px-4 text-sm hover:bg-surface disabled:opacity-50';
export const primaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-primary px-4 text-sm font-semibold text-white hover:bg-primary-strong disabled:opacity-50';

import { Switch as RadixSwitch } from 'radix-ui';
import { type ReactNode, useId } from 'react';

/** A labelled switch that acts at once (settings). */
export function SwitchRow(props: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  const descId = `${id}-desc`;
  return (
    <div className="flex min-h-14 items-center justify-between gap-4 py-2">
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer font-medium">
          {props.label}
        </label>
        {props.description && (
          <p id={descId} className="text-sm text-muted">
            {props.description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        checked={props.checked}
        onCheckedChange={props.onChange}
        disabled={props.disabled}
        aria-describedby={props.description ? descId : undefined}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-[#737e86] transition-colors before:absolute before:-inset-2 before:content-[''] disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
      >
        <RadixSwitch.Thumb className="block size-5.5 translate-x-[3px] rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[23px]" />
      </RadixSwitch.Root>
    </div>
  );
}

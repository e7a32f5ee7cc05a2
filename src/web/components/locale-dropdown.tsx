import { Check, Globe } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES } from '../../shared/i18n/locales.ts';
import { useSite } from '../site-context.tsx';

/** Shown only when the visitor's country has more than one locale (I-03). */
export default function LocaleDropdown() {
  const { locale, visible, setLocale } = useSite();
  const intl = useIntl();
  if (visible.length < 2) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium hover:bg-surface"
        aria-label={intl.formatMessage({ id: 'locale.choose' })}
      >
        <Globe aria-hidden size={18} />
        <span>{locale.toUpperCase()}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          <DropdownMenu.RadioGroup value={locale} onValueChange={(v) => void setLocale(v as typeof locale)}>
            {visible.map((l) => (
              <DropdownMenu.RadioItem
                key={l}
                value={l}
                lang={l}
                className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-surface"
              >
                {LOCALE_NAMES[l]}
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden size={16} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { MessageCircleHeart } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ICEBREAKER_IDS } from '../../../shared/contract/chat.ts';
import { Modal } from '../../components/modal.tsx';
import { useGenderValues } from '../../i18n/values.ts';

/** Ready opening lines in the member's language (C-02); a pick goes into the composer to adjust or send. */
export function IcebreakerModal(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(text: string): void;
  /** The member written to: a line about them may say "zrobiłaś" or "zrobiłeś" (issue 28). */
  otherGender: string | null;
}) {
  const intl = useIntl();
  const genders = useGenderValues(props.otherGender);
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id="chat.icebreaker_title" />}
      description={<FormattedMessage id="chat.icebreaker_intro" />}
    >
      <ul className="space-y-2" data-testid="icebreakers">
        {ICEBREAKER_IDS.map((id) => {
          const text = intl.formatMessage({ id }, genders);
          return (
            <li key={id}>
              <button
                type="button"
                onClick={() => props.onPick(text)}
                className="flex w-full items-start gap-3 rounded-2xl border border-line px-4 py-3 text-left text-[16px] transition hover:border-primary hover:bg-primary-soft"
              >
                <MessageCircleHeart aria-hidden size={20} className="mt-0.5 shrink-0 text-primary" />
                <span>{text}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

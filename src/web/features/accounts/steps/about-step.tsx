import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  BODY_TYPES,
  EYE_COLOURS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  type TAboutMe,
  TATTOOS,
} from '../../../../shared/contract/accounts.ts';
import { useSignupStep } from '../../../api/accounts.ts';
import { ChoiceField, ErrorAlert, TextField } from '../../../components/form.tsx';
import { InterestPicker } from '../../../components/interest-picker.tsx';
import { useOptionLabel } from '../shared.tsx';
import { StepActions } from './step-actions.tsx';

type ChoiceKey = Exclude<keyof TAboutMe, 'interests' | 'about'>;

/** The choices of each about-me screen, by server step; step 2 starts with "Over mij", step 4 is interests. */
const CHOICES: Record<2 | 3 | 4, readonly { key: ChoiceKey; options: readonly string[] }[]> = {
  2: [
    { key: 'sexuality', options: SEXUALITIES },
    { key: 'relationship_status', options: RELATIONSHIP_STATUSES },
    { key: 'signup_reason', options: SIGNUP_REASONS },
  ],
  3: [
    { key: 'hair_colour', options: HAIR_COLOURS },
    { key: 'eye_colour', options: EYE_COLOURS },
    { key: 'body_type', options: BODY_TYPES },
    { key: 'tattoos', options: TATTOOS },
  ],
  4: [],
};

function Choice(props: {
  field: ChoiceKey;
  options: readonly string[];
  value: string | undefined;
  onChange(value: string): void;
}) {
  const label = useOptionLabel(props.field);
  return (
    <ChoiceField
      legend={<FormattedMessage id={`about.${props.field}`} />}
      name={props.field}
      options={props.options}
      value={props.value}
      onChange={props.onChange}
      label={label}
    />
  );
}

/**
 * Signup steps 2-4, one short screen each (issue 27; decision 0015 had them on one long screen with "Over
 * mij" last): who you are, starting with "Over mij"; how you look; what makes you happy. Every answer is
 * optional; "Verder" saves the screen's answers as its server step, "Overslaan" saves none. This chunk
 * carries the interest icons, loaded when a member gets here.
 */
export default function AboutStep({ step }: { step: 2 | 3 | 4 }) {
  const save = useSignupStep();
  const [choices, setChoices] = useState<Partial<Record<ChoiceKey, string>>>({});
  const [chosen, setChosen] = useState<string[]>([]);
  const [about, setAbout] = useState('');
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((i) => i !== id) : [...c, id]));

  return (
    <form
      className="flex flex-1 flex-col space-y-6"
      data-testid={`about-step-${step}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          step,
          about: {
            ...(choices as TAboutMe),
            ...(step === 4 ? { interests: chosen } : {}),
            ...(step === 2 && about.trim() ? { about } : {}),
          },
        });
      }}
    >
      {step !== 3 && (
        <p className="text-muted">
          <FormattedMessage id={step === 2 ? 'signup.step2_intro' : 'signup.step4_intro'} />
        </p>
      )}
      {step === 2 && (
        <TextField
          label={<FormattedMessage id="about.about" />}
          hint={<FormattedMessage id="signup.about_hint" />}
          name="about"
          multiline
          maxLength={2000}
          value={about}
          onChange={setAbout}
        />
      )}
      {CHOICES[step].map((f) => (
        <Choice
          key={f.key}
          field={f.key}
          options={f.options}
          value={choices[f.key]}
          onChange={(value) => setChoices((a) => ({ ...a, [f.key]: value }))}
        />
      ))}
      {step === 4 && <InterestPicker chosen={chosen} onToggle={toggle} />}
      <ErrorAlert error={save.error} />
      <StepActions submit pending={save.isPending} onSkip={() => save.mutate({ step })} />
    </form>
  );
}

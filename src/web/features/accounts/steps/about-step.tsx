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

/** The about-me questions that were steps 2 and 3, each part under its old step title. */
const PARTS: readonly { title: string; fields: readonly { key: ChoiceKey; options: readonly string[] }[] }[] =
  [
    {
      title: 'signup.step2_title',
      fields: [
        { key: 'sexuality', options: SEXUALITIES },
        { key: 'relationship_status', options: RELATIONSHIP_STATUSES },
        { key: 'signup_reason', options: SIGNUP_REASONS },
      ],
    },
    {
      title: 'signup.step3_title',
      fields: [
        { key: 'hair_colour', options: HAIR_COLOURS },
        { key: 'eye_colour', options: EYE_COLOURS },
        { key: 'body_type', options: BODY_TYPES },
        { key: 'tattoos', options: TATTOOS },
      ],
    },
  ];

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

function PartTitle({ id }: { id: string }) {
  return (
    <h3 className="border-t border-line pt-5 text-lg font-bold">
      <FormattedMessage id={id} />
    </h3>
  );
}

/**
 * Signup steps 2-4 on one screen (issue 11, decision 0015): who you are, how you look, interests and a few
 * words, every answer optional. One "Verder" saves them all as step 4, which moves `signup_step` past every
 * about-me step at once; a member who left at step 2, 3 or 4 lands here again. This chunk carries the
 * interest icons, loaded when a member gets here.
 */
export default function AboutStep() {
  const save = useSignupStep();
  const [choices, setChoices] = useState<Partial<Record<ChoiceKey, string>>>({});
  const [chosen, setChosen] = useState<string[]>([]);
  const [about, setAbout] = useState('');
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((i) => i !== id) : [...c, id]));

  return (
    <form
      className="flex flex-1 flex-col space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          step: 4,
          about: {
            ...(choices as TAboutMe),
            interests: chosen,
            ...(about.trim() ? { about } : {}),
          },
        });
      }}
    >
      <p className="text-muted">
        <FormattedMessage id="signup.step2_intro" />
      </p>
      {PARTS.map((part, i) => (
        <section key={part.title} className="space-y-6">
          {i > 0 && <PartTitle id={part.title} />}
          {part.fields.map((f) => (
            <Choice
              key={f.key}
              field={f.key}
              options={f.options}
              value={choices[f.key]}
              onChange={(value) => setChoices((a) => ({ ...a, [f.key]: value }))}
            />
          ))}
        </section>
      ))}
      <section className="space-y-6">
        <PartTitle id="signup.step4_title" />
        <p className="text-muted">
          <FormattedMessage id="signup.step4_intro" />
        </p>
        <InterestPicker chosen={chosen} onToggle={toggle} />
        <TextField
          label={<FormattedMessage id="about.about" />}
          hint={<FormattedMessage id="signup.about_hint" />}
          name="about"
          multiline
          maxLength={2000}
          value={about}
          onChange={setAbout}
        />
      </section>
      <ErrorAlert error={save.error} />
      <StepActions submit pending={save.isPending} onSkip={() => save.mutate({ step: 4 })} />
    </form>
  );
}

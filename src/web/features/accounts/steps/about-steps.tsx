import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { errorText } from '../../../api/error-text.ts';
import { ChoiceField, FormAlert } from '../../../components/form.tsx';
import { useOptionLabel } from '../shared.tsx';
import { StepActions } from './step-actions.tsx';

type ChoiceKey = Exclude<keyof TAboutMe, 'interests' | 'about'>;

const STEP_FIELDS: Record<2 | 3, readonly { key: ChoiceKey; options: readonly string[] }[]> = {
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

/** Steps 2 (who you are and why you're here) and 3 (how you look): every answer optional. */
export function AboutStep({ step }: { step: 2 | 3 }) {
  const intl = useIntl();
  const save = useSignupStep();
  const [about, setAbout] = useState<Partial<Record<ChoiceKey, string>>>({});
  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ step, about: about as TAboutMe });
      }}
    >
      <p className="text-muted">
        <FormattedMessage id={`signup.step${step}_intro`} />
      </p>
      {STEP_FIELDS[step].map((f) => (
        <Choice
          key={f.key}
          field={f.key}
          options={f.options}
          value={about[f.key]}
          onChange={(value) => setAbout((a) => ({ ...a, [f.key]: value }))}
        />
      ))}
      {save.isError && <FormAlert>{errorText(save.error, intl)}</FormAlert>}
      <StepActions submit pending={save.isPending} onSkip={() => save.mutate({ step })} />
    </form>
  );
}

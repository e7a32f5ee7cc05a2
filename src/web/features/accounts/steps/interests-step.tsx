import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSignupStep } from '../../../api/accounts.ts';
import { ErrorAlert, TextField } from '../../../components/form.tsx';
import { InterestPicker } from '../../../components/interest-picker.tsx';
import { StepActions } from './step-actions.tsx';

/** Step 4: interests with their icons, and a few words about yourself (this chunk carries the icons). */
export default function InterestsStep() {
  const save = useSignupStep();
  const [chosen, setChosen] = useState<string[]>([]);
  const [about, setAbout] = useState('');
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((i) => i !== id) : [...c, id]));

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ step: 4, about: { interests: chosen, ...(about.trim() ? { about } : {}) } });
      }}
    >
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
      <ErrorAlert error={save.error} />
      <StepActions submit pending={save.isPending} onSkip={() => save.mutate({ step: 4 })} />
    </form>
  );
}

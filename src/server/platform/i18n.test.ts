import { describe, expect, it } from 'vitest';
import { t } from './i18n.ts';

describe('I-04 server texts with the member’s country (issue 28)', () => {
  it('I-04 a mail counts as the member’s country writes numbers; the words stay the language’s', () => {
    const values = { count: 12_345 };
    const german = t('de', 'notify.mail.weekly.likes', values);
    const swiss = t('de', 'notify.mail.weekly.likes', values, 'CH');
    expect(german).toContain('12.345');
    expect(swiss).toContain(new Intl.NumberFormat('de-CH').format(12_345));
    expect(swiss).not.toContain('12.345');
    expect(swiss.replace(/12\S345/, '')).toBe(german.replace(/12\S345/, ''));
    // A country that does not speak the language changes nothing.
    expect(t('de', 'notify.mail.weekly.likes', values, 'NL')).toBe(german);
  });
});

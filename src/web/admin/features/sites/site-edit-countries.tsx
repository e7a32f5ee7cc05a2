// The site form's countries section (O-04): the countries a site serves and each one's message cost.
import { useIntl } from 'react-intl';
import {
  CURRENCIES,
  SERVED_COUNTRIES,
  type TSiteSettingsDraft,
} from '../../../../shared/contract/admin-sites.ts';
import { CheckboxGroup, NumberInput, SelectInput } from './fields.tsx';
import { Section } from './site-edit-parts.tsx';
import { buttonClass, useCountryName } from './ui.tsx';

type Costs = Record<string, { costs: number; currency: string }>;

/** The countries a site serves; a country that leaves takes its message cost with it. */
export function CountriesSection({
  s,
  set,
  serr,
  errors,
}: {
  s: TSiteSettingsDraft;
  set: (patch: Partial<TSiteSettingsDraft>) => void;
  serr: (path: string) => string | undefined;
  errors: Record<string, string>;
}) {
  const intl = useIntl();
  const f = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const countryName = useCountryName();
  const costs = s.minimum_message_costs as Costs;
  const setCosts = (next: Costs) =>
    set({ minimum_message_costs: next as TSiteSettingsDraft['minimum_message_costs'] });
  const countries = s.countries as string[];
  return (
    <Section title={f('admin.sites.section.countries')}>
      <div className="sm:col-span-2">
        <CheckboxGroup
          legend={f('admin.sites.field.countries')}
          options={SERVED_COUNTRIES.map((c) => ({ value: c, label: `${countryName(c)} (${c})` }))}
          value={countries}
          onChange={(next) => {
            // A country that leaves takes its message cost with it.
            const kept = Object.fromEntries(Object.entries(costs).filter(([c]) => next.includes(c)));
            set({
              countries: next,
              minimum_message_costs: kept as TSiteSettingsDraft['minimum_message_costs'],
            });
          }}
          error={
            serr('countries') ??
            Object.entries(errors).find(([k]) => k.startsWith('settings.countries.'))?.[1]
          }
        />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">{f('admin.sites.field.minimum_message_costs')}</legend>
        <p className="mb-2 text-xs text-muted">{f('admin.sites.hint.minimum_message_costs')}</p>
        <div className="grid gap-2">
          {countries.map((c) => {
            const cost = costs[c];
            return (
              <div key={c} className="flex flex-wrap items-end gap-2">
                <span className="w-full text-sm font-medium sm:min-h-11 sm:w-28 sm:content-center">
                  {countryName(c)} ({c})
                </span>
                {cost ? (
                  <>
                    <div className="min-w-28 flex-1">
                      <NumberInput
                        label={f('admin.sites.field.cost_cents')}
                        value={cost.costs}
                        min={0}
                        onChange={(v) => setCosts({ ...costs, [c]: { ...cost, costs: v } })}
                        error={serr(`minimum_message_costs.${c}.costs`) ?? serr(`minimum_message_costs.${c}`)}
                      />
                      <SelectInput
                        label={f('admin.sites.field.currency')}
                        value={cost.currency}
                        onChange={(v) => setCosts({ ...costs, [c]: { ...cost, currency: v } })}
                        options={CURRENCIES.map((x) => ({ value: x, label: x }))}
                        error={serr(`minimum_message_costs.${c}.currency`)}
                      />
                    </div>
                    <button
                      type="button"
                      className={buttonClass}
                      onClick={() => {
                        const { [c]: _gone, ...rest } = costs;
                        setCosts(rest);
                      }}
                    >
                      {f('admin.sites.cost_remove', { country: c })}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={`${buttonClass} flex-1`}
                    onClick={() => setCosts({ ...costs, [c]: { costs: 0, currency: 'EUR' } })}
                  >
                    {f('admin.sites.cost_add', { country: c })}
                  </button>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
    </Section>
  );
}

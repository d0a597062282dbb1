import { type ComponentProps, useMemo } from 'react';
import { listCountryOptions } from '../lib/country-options';
import { SelectField } from './form-fields';

type CountryFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>;

/** The country picker of the sign-up and profile forms, countries named in the page's language. */
export function CountryField(props: CountryFieldProps) {
  const countries = useMemo(() => listCountryOptions(document.documentElement.lang || 'en'), []);
  return (
    <SelectField label="Country" autoComplete="country" {...props}>
      {countries.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

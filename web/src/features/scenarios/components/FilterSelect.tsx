import { useId } from 'react';
import { SelectField } from '../../../components/ui/Field';
import { useI18n, type MessageKey } from '../../../lib/i18n';

/** One of the library's choice filters: 'Alle' ('') or one of values, each named by its message. */
export function FilterSelect<T extends string>({
  label,
  value,
  values,
  nameOf,
  onChange,
}: {
  label: string;
  value: '' | T;
  values: readonly T[];
  nameOf: (value: T) => MessageKey;
  onChange: (value: string) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  return (
    <SelectField id={id} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('scenarios.all')}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {t(nameOf(v))}
        </option>
      ))}
    </SelectField>
  );
}

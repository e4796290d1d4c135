import '../admin.css';

export interface SearchBoxProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** A line announced politely below the box, e.g. the number of results. */
  status?: string | undefined;
  maxLength?: number;
}

/**
 * A labelled search input in a search landmark. It reports every keystroke;
 * pair it with useDebouncedValue / usePagedSearch so the server is asked
 * once typing pauses.
 */
export function SearchBox({ id, label, value, onChange, placeholder, status, maxLength = 200 }: SearchBoxProps) {
  const statusId = `${id}-status`;
  return (
    <div className="search-box" role="search">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={statusId}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <p id={statusId} className="search-box__status" aria-live="polite">
        {status ?? ''}
      </p>
    </div>
  );
}

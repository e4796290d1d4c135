import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input's frame after the input (e.g. a show/hide button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error text wired through aria-describedby. */
export function TextField({ id, label, error, hint, trailing, className, ref, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
        <input
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it and an error text below. */
export function CheckboxField({ id, label, error, className, ref, ...input }: CheckboxFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={['checkbox', error ? 'checkbox--invalid' : '', className].filter(Boolean).join(' ')}>
      <div className="checkbox__row">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label className="checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

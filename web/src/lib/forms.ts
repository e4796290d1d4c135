import { useCallback, useState, type SyntheticEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './api/client';
import { isMessageKey, type TFunction } from './i18n';

export type FieldErrors = Record<string, string>;

/** The first message per top-level field of a failed parse. */
export function issuesToFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_form');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Translates a field error: schema messages are i18n keys, server ones are text. */
export function fieldErrorText(t: TFunction, value: string | undefined): string | undefined {
  if (!value) return undefined;
  return isMessageKey(value) ? t(value) : value;
}

type Values = Record<string, string | boolean | undefined>;

export interface ZodForm<S extends z.ZodType<unknown, Values>> {
  values: z.input<S>;
  errors: FieldErrors;
  setValue: <K extends keyof z.input<S> & string>(name: K, value: z.input<S>[K]) => void;
  setErrors: (errors: FieldErrors) => void;
  /** Applies a server error's `fields` to the form; true when there were any. */
  applyServerErrors: (error: unknown) => boolean;
  handleSubmit: (onValid: (data: z.output<S>) => void | Promise<void>) => (event: SyntheticEvent) => void;
  reset: (values?: z.input<S>) => void;
}

/**
 * Form state driven by one zod schema: it validates the fields and its output
 * is the request body. Errors show after the first submit and then follow edits.
 * `idPrefix` + field name must be the input ids (to focus the first invalid one).
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(
  schema: S,
  initial: z.input<S>,
  idPrefix: string,
): ZodForm<S> {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (v: z.input<S>) => {
      const result = schema.safeParse(v);
      return result.success
        ? { ok: true as const, data: result.data, errors: {} }
        : { ok: false as const, errors: issuesToFieldErrors(result.error) };
    },
    [schema],
  );

  const setValue = useCallback(
    <K extends keyof z.input<S> & string>(name: K, value: z.input<S>[K]) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted) setErrors(validate(next).errors);
    },
    [values, submitted, validate],
  );

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => void | Promise<void>) => (event: SyntheticEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const result = validate(values);
      setErrors(result.errors);
      if (!result.ok) {
        const first = Object.keys(result.errors)[0];
        if (first) document.getElementById(`${idPrefix}${first}`)?.focus();
        return;
      }
      void onValid(result.data);
    },
    [validate, values, idPrefix],
  );

  const applyServerErrors = useCallback((error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      setErrors(error.fields);
      return true;
    }
    return false;
  }, []);

  const reset = useCallback(
    (next?: z.input<S>) => {
      setValues(next ?? initial);
      setErrors({});
      setSubmitted(false);
    },
    [initial],
  );

  return { values, errors, setValue, setErrors, applyServerErrors, handleSubmit, reset };
}

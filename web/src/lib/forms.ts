import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './api/client';
import { afterLoadWhenIdle } from './idle';
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
 * A form's schema, or a function loading it: forms of the first page take
 * theirs lazily, so zod is not part of the script the page needs to render
 * (the sign-in page; see docs/performance.md).
 */
export type SchemaSource<S> = S | (() => Promise<S>);

/**
 * Form state driven by one zod schema: it validates the fields and its output
 * is the request body. Errors show after the first submit and then follow edits.
 * `idPrefix` + field name must be the input ids (to focus the first invalid one).
 * A lazily loaded schema is fetched once the page is idle after the form
 * mounts; a submit before it has arrived loads it and waits for it, and if it cannot be loaded the error boundary offers
 * a reload (lib/chunks).
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(
  source: SchemaSource<S>,
  initial: z.input<S>,
  idPrefix: string,
): ZodForm<S> {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [schema, setSchema] = useState<S | null>(typeof source === 'function' ? null : source);
  const [loadError, setLoadError] = useState<Error | null>(null);
  if (loadError) throw loadError;

  const loading = useRef<Promise<S> | null>(null);
  const load = useCallback((): Promise<S> => {
    if (typeof source !== 'function') return Promise.resolve(source);
    return (loading.current ??= source().then((loaded) => {
      setSchema(() => loaded);
      return loaded;
    }));
  }, [source]);
  useEffect(() => {
    // Once the page is idle: the first paint does not wait for the schema,
    // and a submit before then loads it itself.
    afterLoadWhenIdle(() => {
      load().catch(() => {
        // reported by the submit that needs it
        loading.current = null;
      });
    });
  }, [load]);

  const validate = useCallback((s: S, v: z.input<S>) => {
    const result = s.safeParse(v);
    return result.success
      ? { ok: true as const, data: result.data, errors: {} }
      : { ok: false as const, errors: issuesToFieldErrors(result.error) };
  }, []);

  const setValue = useCallback(
    <K extends keyof z.input<S> & string>(name: K, value: z.input<S>[K]) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted && schema) setErrors(validate(schema, next).errors);
    },
    [values, submitted, schema, validate],
  );

  const handleSubmit = useCallback(
    (onValid: (data: z.output<S>) => void | Promise<void>) => (event: SyntheticEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const check = (s: S) => {
        const result = validate(s, values);
        setErrors(result.errors);
        if (!result.ok) {
          const first = Object.keys(result.errors)[0];
          if (first) document.getElementById(`${idPrefix}${first}`)?.focus();
          return;
        }
        void onValid(result.data);
      };
      if (schema) check(schema);
      else load().then(check, (error: unknown) => setLoadError(error instanceof Error ? error : new Error(String(error))));
    },
    [schema, load, validate, values, idPrefix],
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

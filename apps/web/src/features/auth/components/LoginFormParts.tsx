import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { isErrorCode, type Locale, translateError } from '@switchboard/contracts';
import type { ReactNode } from 'react';
import { SvgIcon } from '@/components/SvgIcon';
import type { ApiError } from '@/lib/api-client';

/** The server's text, or the same error in the language chosen since (when it has no parameters). */
export function errorText(error: ApiError, locale: Locale): string {
  if (error.locale === locale || !error.errorCode || !isErrorCode(error.errorCode)) return error.message;
  const text = translateError(error.errorCode, locale);
  return text.includes('{') ? error.message : text;
}

export function Alert({
  type,
  children,
  testId,
}: {
  type: 'success' | 'warning' | 'error';
  children: ReactNode;
  testId: string;
}) {
  const icon =
    type === 'success' ? CheckCircleFilled : type === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <div
      className={`sb-alert sb-alert-${type}`}
      role={type === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <SvgIcon icon={icon} className="sb-alert-icon" />
      <span>{children}</span>
    </div>
  );
}

/** A labelled field: its error below it, tied to the control for screen readers. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`sb-field${error ? ' sb-field-invalid' : ''}`}>
      <label htmlFor={id} className="sb-field-label">
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} className="sb-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The sign-in error, in the language chosen since (errorText); nothing without one. */
export function LoginError({ error, locale }: { error: ApiError | null; locale: Locale }) {
  return error ? (
    <Alert type="error" testId="login-error">
      {errorText(error, locale)}
    </Alert>
  ) : null;
}

/** A sign-in form's submit button, the width of the form, with a spinner while it sends. */
export function SubmitButton({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="sb-button sb-button-primary sb-button-large sb-button-block"
      aria-busy={busy}
      data-testid={testId}
    >
      {busy ? <span className="sb-spinner sb-spinner-inverse" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

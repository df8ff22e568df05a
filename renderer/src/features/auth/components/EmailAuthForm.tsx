import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canSubmit, loginFieldErrors, type LoginField, type LoginMode, type LoginValues } from '../loginForm.ts';
import { CharCounter } from '../../../components/CharCounter.tsx';
import { keepWithinLimit, PROFILE_LIMITS } from '@contracts/field-limits.ts';

export interface EmailAuthFormProps {
  mode: LoginMode;
  busy: boolean;
  /** Already translated error text, shown above the submit button. */
  errorText: string | null;
  onSubmit: (values: LoginValues) => void;
  onSwitchMode: () => void;
  /** The address to start with (e.g. the one just verified). */
  initialEmail?: string;
  /** Sign-in only: opens "Forgot password?" with the address typed so far. */
  onForgotPassword?: (email: string) => void;
  /** Shown under the error for the address typed (e.g. "Resend verification email"). */
  errorAction?: (email: string) => ReactNode;
}

/** The email tab: sign-in (email, password) or sign-up (name, email, password) with the hint. */
export function EmailAuthForm({
  mode,
  busy,
  errorText,
  onSubmit,
  onSwitchMode,
  initialEmail = '',
  onForgotPassword,
  errorAction,
}: EmailAuthFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginValues>({ name: '', email: initialEmail, password: '' });
  const [touched, setTouched] = useState<ReadonlySet<LoginField>>(new Set());
  const set = (field: LoginField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  // A field is judged once the user has left it (non-empty); then its message follows each keystroke.
  const leave = (field: LoginField) => () => {
    if (values[field] !== '' && !touched.has(field)) setTouched((all) => new Set(all).add(field));
  };
  const errors = loginFieldErrors(mode, values, touched);
  const intentOf = (field: LoginField) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit(mode, values, busy)) onSubmit(values);
  };
  const signUp = mode === 'signUp';

  return (
    <form onSubmit={submit} noValidate aria-label={t(signUp ? 'auth:login.signUpTitle' : 'auth:login.signInTitle')}>
      {signUp && (
        <FormGroup
          label={t('auth:login.name')}
          labelFor="login-name"
          intent={intentOf('name')}
          helperText={errors.name ? <span id="login-name-error">{t(errors.name)}</span> : undefined}
        >
          <InputGroup
            id="login-name"
            name="name"
            autoComplete="name"
            leftIcon="person"
            placeholder={t('auth:login.namePlaceholder')}
            value={values.name}
            // The profile keeps this many characters of the name.
            onChange={(event) => {
              const name = keepWithinLimit(values.name, event.target.value, PROFILE_LIMITS.name);
              setValues((v) => ({ ...v, name }));
            }}
            onBlur={leave('name')}
            intent={intentOf('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'login-name-error login-name-counter' : 'login-name-counter'}
            disabled={busy}
            size="large"
          />
          <CharCounter
            id="login-name-counter"
            testId="login-name-counter"
            value={values.name}
            max={PROFILE_LIMITS.name}
          />
        </FormGroup>
      )}
      <FormGroup
        label={t('auth:login.email')}
        labelFor="login-email"
        intent={intentOf('email')}
        helperText={errors.email ? <span id="login-email-error">{t(errors.email)}</span> : undefined}
      >
        <InputGroup
          id="login-email"
          name="email"
          type="email"
          autoComplete="email"
          leftIcon="envelope"
          placeholder={t('auth:login.emailPlaceholder')}
          value={values.email}
          onChange={set('email')}
          onBlur={leave('email')}
          intent={intentOf('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          disabled={busy}
          size="large"
        />
      </FormGroup>
      <FormGroup
        label={t('auth:login.password')}
        labelFor="login-password"
        intent={intentOf('password')}
        helperText={
          errors.password ? (
            <span id="login-password-error">{t(errors.password)}</span>
          ) : signUp ? (
            t('auth:login.passwordHint')
          ) : undefined
        }
      >
        <InputGroup
          id="login-password"
          name="password"
          type="password"
          autoComplete={signUp ? 'new-password' : 'current-password'}
          leftIcon="lock"
          placeholder={t('auth:login.passwordPlaceholder')}
          value={values.password}
          onChange={set('password')}
          onBlur={leave('password')}
          intent={intentOf('password')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          disabled={busy}
          size="large"
        />
      </FormGroup>
      {!signUp && onForgotPassword && (
        <Button
          variant="minimal"
          size="small"
          className="login-forgot"
          onClick={() => onForgotPassword(values.email)}
          disabled={busy}
          text={t('auth:login.forgotPassword')}
        />
      )}
      {errorText && (
        <Callout intent={Intent.DANGER} icon="error" className="login-error" role="alert">
          {errorText}
          {errorAction?.(values.email)}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        size="large"
        fill
        loading={busy}
        disabled={!canSubmit(mode, values, busy)}
        text={t(signUp ? 'auth:login.submitSignUp' : 'auth:login.submitSignIn')}
      />
      <Button
        variant="minimal"
        fill
        className="login-switch"
        onClick={onSwitchMode}
        disabled={busy}
        text={t(signUp ? 'auth:login.switchToSignIn' : 'auth:login.switchToSignUp')}
      />
    </form>
  );
}

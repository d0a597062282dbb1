import './form.css';

/** Why a form's request failed, read out as it appears; nothing while there is no failure. */
export function FormFailure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form__notice form__notice--error" role="alert">
      {message}
    </p>
  );
}

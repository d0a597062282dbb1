import { type ReactNode, useId, useRef } from 'react';
import type { AssetUpload } from '../lib/use-asset-upload';
import './upload-field.css';

type UploadFieldProps = {
  upload: AssetUpload;
  /** The field's visible name: 'Audio file', 'Video file', 'Cover photo'. */
  label: string;
  /** The file in words, for buttons and status: 'audio file', 'cover photo'. */
  noun: string;
  accept: string;
  /** Help under the field. */
  hint?: ReactNode;
  error?: string;
  /** The chosen file, shown from this device (an <audio>, a <video> or an <img>). */
  renderPreview: (previewUrl: string) => ReactNode;
  /** The id of the Choose button, which takes the focus when the field's check fails. */
  buttonId?: string;
};

/**
 * A file to publish (a track's audio, a video, a cover): a button that opens the device's file picker (the input itself is
 * hidden: a styled, named button reads better than the browser's own), the chosen file, a
 * labelled progress bar while it uploads, and Remove once it is uploaded.
 */
export function UploadField({
  upload,
  label,
  noun,
  accept,
  hint,
  error,
  renderPreview,
  buttonId,
}: UploadFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const { state, previewUrl } = upload;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const hasFile = state.status !== 'idle';

  return (
    <fieldset className="upload-field">
      <legend className="field__label">{label}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="upload-field__file">
        {previewUrl ? renderPreview(previewUrl) : null}
        <p className="upload-field__name">{hasFile ? state.fileName : `No ${noun} chosen yet.`}</p>
      </div>
      <div className="upload-field__actions">
        <button
          id={buttonId}
          type="button"
          className="button button--secondary"
          aria-describedby={describedBy}
          onClick={() => inputRef.current?.click()}
        >
          {hasFile ? `Choose another ${noun}` : `Choose ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`}
        </button>
        {state.status === 'done' || state.status === 'removing' ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={state.status === 'removing'}
            onClick={upload.remove}
          >
            Remove {noun}
          </button>
        ) : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        aria-label={label}
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so that choosing the same file again uploads it again.
          event.target.value = '';
          if (chosen) upload.choose(chosen);
        }}
      />
      {state.status === 'uploading' ? (
        <div className="upload-field__progress">
          <progress max={100} value={state.percent} aria-label={`Uploading the ${noun}`} />
          <span aria-hidden="true">{state.percent}%</span>
        </div>
      ) : null}
      <p className="upload-field__status" role="status">
        {state.status === 'uploading'
          ? `Uploading the ${noun}…`
          : state.status === 'done'
            ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} uploaded.`
            : ''}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import type { TPostMediaUploadResponse } from '@stagepass/contract/media';
import { useEffect, useRef, useState } from 'react';
import { deleteMedia } from '../../../lib/delete-media';
import { readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { uploadPostMedia } from '../../../lib/upload-post-media';

export type MediaKind = 'photo' | 'video';

const ACCEPT: Record<MediaKind, string> = {
  photo: 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif',
  video: 'video/mp4,video/quicktime,video/webm,video/x-matroska',
};

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'done'; publicId: string }
  | { status: 'removing'; publicId: string };

type MediaPickerProps = {
  kind: MediaKind;
  /** The uploaded asset's public_id, or null while there is none. */
  onUploaded: (publicId: string | null) => void;
  onUploadingChange: (isUploading: boolean) => void;
  /** A file made elsewhere (the camera recorder) to preview and upload like a chosen one. */
  file?: Blob | null;
  error?: string;
};

/**
 * Picks the post's photo or video, previews it at once from the device (an object URL) and
 * uploads it with its progress shown. The server's message of a refused upload is a toast.
 * An upload replaced by another, or removed, is deleted on the server, so files nobody
 * will publish do not pile up; removing says so with the server's message.
 */
export function MediaPicker({ kind, onUploaded, onUploadingChange, file, error }: MediaPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });

  useEffect(() => () => abortRef.current?.abort(), []);
  // Each preview holds the file in memory until its URL is revoked.
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  // A new recording (the camera) is previewed and uploaded like a chosen file.
  useEffect(() => {
    if (file) void choose(file);
  }, [file]);

  async function choose(chosen: Blob) {
    abortRef.current?.abort();
    if (upload.status === 'done') void deleteMedia(upload.publicId).catch(() => {});
    const controller = new AbortController();
    abortRef.current = controller;
    setPreviewUrl(URL.createObjectURL(chosen));
    setUpload({ status: 'uploading', percent: 0 });
    onUploaded(null);
    onUploadingChange(true);
    try {
      const answer: TPostMediaUploadResponse = await uploadPostMedia(chosen, {
        signal: controller.signal,
        onProgress: (fraction) => setUpload({ status: 'uploading', percent: Math.round(fraction * 100) }),
      });
      onUploaded(answer.public_id);
      setUpload({ status: 'done', publicId: answer.public_id });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUpload({ status: 'idle' });
      setPreviewUrl(null);
      toast.error(readFailureMessage(failure));
    } finally {
      if (abortRef.current === controller) onUploadingChange(false);
    }
  }

  async function remove(publicId: string) {
    setUpload({ status: 'removing', publicId });
    try {
      const answer = await deleteMedia(publicId);
      setUpload({ status: 'idle' });
      setPreviewUrl(null);
      onUploaded(null);
      toast.success(answer.message);
    } catch (failure) {
      setUpload({ status: 'done', publicId });
      toast.error(readFailureMessage(failure));
    }
  }

  const noun = kind === 'photo' ? 'photo' : 'video';
  const isUploading = upload.status === 'uploading';
  return (
    <div className="media-picker">
      <div className="media-picker__preview">
        {previewUrl && kind === 'photo' ? <img src={previewUrl} alt="Preview of what you chose" /> : null}
        {previewUrl && kind === 'video' ? (
          <video src={previewUrl} controls muted playsInline aria-label="Preview of your video" />
        ) : null}
        {previewUrl ? null : <p className="media-picker__empty">No {noun} chosen yet.</p>}
      </div>
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={error ? 'media-picker-error' : undefined}
        onClick={() => inputRef.current?.click()}
      >
        {previewUrl ? `Choose another ${noun}` : `Choose a ${noun}`}
      </button>
      {upload.status === 'done' || upload.status === 'removing' ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={upload.status === 'removing'}
          onClick={() => void remove(upload.publicId)}
        >
          Remove {noun}
        </button>
      ) : null}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT[kind]}
        aria-label={kind === 'photo' ? 'Photo file' : 'Video file'}
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so that choosing the same file again uploads it again.
          event.target.value = '';
          if (chosen) void choose(chosen);
        }}
      />
      {isUploading ? (
        <div className="media-picker__progress">
          <progress max={100} value={upload.percent} aria-label={`Uploading the ${noun}`} />
          <span>{upload.percent}%</span>
        </div>
      ) : null}
      <p className="media-picker__status" role="status">
        {isUploading
          ? `Uploading the ${noun}…`
          : upload.status === 'done'
            ? `${capitalise(noun)} uploaded.`
            : ''}
      </p>
      {error ? (
        <p id="media-picker-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function capitalise(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

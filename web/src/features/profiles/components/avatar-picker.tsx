import { useEffect, useRef, useState } from 'react';
import { deleteMedia } from '../../../lib/delete-media';
import { readFailureMessage } from '../../../lib/form-request';
import { toast } from '../../../lib/toast';
import { CameraIcon } from '../../../ui/page-icons';
import type { TProfile } from '../api/get-profile';
import { uploadImage } from '../api/upload-image';
import { ProfileAvatar } from './profile-avatar';

type AvatarValue = { publicId: string | null; url: string | null };

type AvatarPickerProps = {
  profile: Pick<TProfile, 'name' | 'username' | 'imageAsset'>;
  value: AvatarValue;
  onChange: (value: AvatarValue) => void;
  onUploadingChange: (isUploading: boolean) => void;
};

type UploadState = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done' };

/**
 * The avatar with Change photo and Remove photo. A chosen file is uploaded at once (with its
 * progress shown) and previewed; the profile takes it only when the form is saved.
 */
export function AvatarPicker({ profile, value, onChange, onUploadingChange }: AvatarPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const savedPublicId = profile.imageAsset?.public_id ?? null;

  // Closing the modal mid-upload abandons the upload.
  useEffect(() => () => abortRef.current?.abort(), []);

  async function uploadFile(file: File) {
    const controller = new AbortController();
    abortRef.current = controller;
    setUpload({ kind: 'uploading', percent: 0 });
    onUploadingChange(true);
    try {
      const answer = await uploadImage(file, {
        purpose: 'avatar',
        signal: controller.signal,
        onProgress: (fraction) => setUpload({ kind: 'uploading', percent: Math.round(fraction * 100) }),
      });
      // An earlier photo of this visit, never saved, would otherwise stay on the server.
      if (value.publicId && value.publicId !== savedPublicId)
        void deleteMedia(value.publicId).catch(() => {});
      onChange({ publicId: answer.public_id, url: answer.secure_url });
      setUpload({ kind: 'done' });
    } catch (error) {
      setUpload({ kind: 'idle' });
      if (controller.signal.aborted) return;
      // The spec: the server's error message, in a toast.
      toast.error(readFailureMessage(error));
    } finally {
      onUploadingChange(false);
    }
  }

  const isUploading = upload.kind === 'uploading';
  return (
    <div className="avatar-picker">
      <ProfileAvatar profile={profile} previewUrl={value.url} size="medium" />
      <div className="avatar-picker__controls">
        <div className="avatar-picker__buttons">
          <button
            type="button"
            className="button button--secondary"
            disabled={isUploading}
            aria-busy={isUploading}
            onClick={() => inputRef.current?.click()}
          >
            <CameraIcon />
            Change photo
          </button>
          {value.url && !isUploading ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onChange({ publicId: null, url: null });
                setUpload({ kind: 'idle' });
              }}
            >
              Remove photo
            </button>
          ) : null}
        </div>
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif"
          aria-label="Profile photo file"
          tabIndex={-1}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again uploads it again.
            event.target.value = '';
            if (file) void uploadFile(file);
          }}
        />
        {isUploading ? (
          <div className="avatar-picker__progress">
            <progress max={100} value={upload.percent} aria-label="Uploading the photo" />
            <span>{upload.percent}%</span>
          </div>
        ) : null}
        <p className="avatar-picker__status" role="status">
          {isUploading
            ? 'Uploading the photo…'
            : upload.kind === 'done'
              ? 'Photo ready: save to keep it.'
              : ''}
        </p>
      </div>
    </div>
  );
}

import type { TMediaKind, TPostMediaUploadResponse } from '@stagepass/contract/media';
import { useEffect, useRef, useState } from 'react';
import { deleteMedia } from './delete-media';
import { readFailureMessage } from './form-request';
import { toast } from './toast';
import { uploadPostMedia } from './upload-post-media';

export type AssetUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; fileName: string }
  | { status: 'done'; publicId: string; fileName: string }
  | { status: 'removing'; publicId: string; fileName: string };

export type AssetUpload = {
  state: AssetUploadState;
  /** The chosen file on this device (an object URL), to preview before and after it is uploaded. */
  previewUrl: string | null;
  /** The uploaded asset's public_id once the upload is done. */
  publicId: string | null;
  isUploading: boolean;
  choose: (file: File) => void;
  remove: () => void;
};

type AssetUploadOptions = {
  /** What the server must have read the file as; anything else is deleted again. */
  kind: TMediaKind;
  /** Said in a toast when the server read the file as another kind. */
  wrongKindMessage: string;
};

/**
 * One file of something a creator publishes (a track's audio, a video, a cover) uploaded as
 * a post's media (purpose=post) with its progress, as the photo post form does. The server reads the type from the bytes: its
 * message for a file it refuses is a toast (the spec's upload error), and a file it took for
 * another kind (a video chosen as the audio) is deleted again with our own message. An
 * upload replaced by another, or removed, is deleted on the server, so files nobody will
 * publish do not pile up.
 */
export function useAssetUpload({ kind, wrongKindMessage }: AssetUploadOptions): AssetUpload {
  const abortRef = useRef<AbortController | null>(null);
  const [state, setState] = useState<AssetUploadState>({ status: 'idle' });
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  // Each preview holds the file in memory until its URL is revoked.
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  async function choose(file: File) {
    abortRef.current?.abort();
    if (state.status === 'done') void deleteMedia(state.publicId).catch(() => {});
    const controller = new AbortController();
    abortRef.current = controller;
    setPreviewUrl(URL.createObjectURL(file));
    setState({ status: 'uploading', percent: 0, fileName: file.name });
    try {
      const answer: TPostMediaUploadResponse = await uploadPostMedia(file, {
        signal: controller.signal,
        onProgress: (fraction) =>
          setState({ status: 'uploading', percent: Math.round(fraction * 100), fileName: file.name }),
      });
      if (controller.signal.aborted) return;
      if (answer.kind !== kind) {
        void deleteMedia(answer.public_id).catch(() => {});
        setState({ status: 'idle' });
        setPreviewUrl(null);
        toast.error(wrongKindMessage);
        return;
      }
      setState({ status: 'done', publicId: answer.public_id, fileName: file.name });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({ status: 'idle' });
      setPreviewUrl(null);
      toast.error(readFailureMessage(failure));
    }
  }

  async function remove() {
    if (state.status !== 'done') return;
    const { publicId, fileName } = state;
    setState({ status: 'removing', publicId, fileName });
    try {
      const answer = await deleteMedia(publicId);
      setState({ status: 'idle' });
      setPreviewUrl(null);
      toast.success(answer.message);
    } catch (failure) {
      setState({ status: 'done', publicId, fileName });
      toast.error(readFailureMessage(failure));
    }
  }

  return {
    state,
    previewUrl,
    publicId: state.status === 'done' ? state.publicId : null,
    isUploading: state.status === 'uploading',
    choose: (file) => void choose(file),
    remove: () => void remove(),
  };
}

import { useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatTimer, initialRecorderState, nextRecorderState } from './recorder-state';
import { setRecording } from './recording-store';
import './creator-studio.css';

// Portrait 9:16 from the front camera, 1920×1080 at 30 fps where the camera can; no sound.
const CAMERA: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: 'user',
    width: { ideal: 1080 },
    height: { ideal: 1920 },
    aspectRatio: { ideal: 9 / 16 },
    frameRate: { ideal: 30 },
  },
};
const MIME_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];

/**
 * `?modal=create-short-video` (for creators): records a short video with the camera and
 * hands it to the video form.
 */
export default function CreateShortVideoModal({ closeModal }: ModalBodyProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(nextRecorderState, initialRecorderState);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ blob: Blob; url: string } | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const liveRef = useRef<HTMLVideoElement>(null);
  // The camera sends frames: a recording started before then comes out empty.
  const [isCameraLive, setIsCameraLive] = useState(false);

  // The camera is on while the modal is open, and off when it closes.
  useEffect(() => {
    let opened: MediaStream | null = null;
    let isCurrent = true;
    navigator.mediaDevices
      ?.getUserMedia(CAMERA)
      .then((camera) => {
        if (!isCurrent) {
          for (const track of camera.getTracks()) track.stop();
          return;
        }
        opened = camera;
        setStream(camera);
      })
      .catch(() => setCameraError('The camera could not be opened. Allow the camera and try again.'));
    if (!navigator.mediaDevices) setCameraError('This browser cannot record from a camera.');
    return () => {
      isCurrent = false;
      if (recorderRef.current?.state !== 'inactive') recorderRef.current?.stop();
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, []);

  useEffect(() => {
    if (liveRef.current && stream) liveRef.current.srcObject = stream;
  }, [stream, preview]);

  useEffect(() => {
    if (state.status !== 'recording') return;
    const timer = window.setInterval(() => dispatch('tick'), 1000);
    return () => window.clearInterval(timer);
  }, [state.status]);

  useEffect(() => (preview ? () => URL.revokeObjectURL(preview.url) : undefined), [preview]);

  function start() {
    if (!stream) return;
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || 'video/webm' });
      setPreview({ blob, url: URL.createObjectURL(blob) });
    });
    recorder.start(1000);
    recorderRef.current = recorder;
    setPreview(null);
    dispatch('start');
  }

  function pause() {
    recorderRef.current?.pause();
    dispatch('pause');
  }

  function resume() {
    recorderRef.current?.resume();
    dispatch('resume');
  }

  function stop() {
    recorderRef.current?.stop();
    dispatch('stop');
  }

  function keepRecording() {
    if (!preview) return;
    setRecording(preview.blob);
    if (location.pathname === '/create/video') closeModal();
    else navigate('/create/video', { replace: true });
  }

  if (cameraError)
    return (
      <p className="modal__text" role="alert">
        {cameraError}
      </p>
    );
  const inactiveWords = isCameraLive || preview ? 'Ready' : 'Starting the camera…';
  const statusWords = { inactive: inactiveWords, recording: 'Recording', paused: 'Paused' }[state.status];

  return (
    <div className="recorder">
      {preview && state.status === 'inactive' ? (
        // biome-ignore lint/a11y/useMediaCaption: the creator's own recording, without sound.
        <video
          className="recorder__video"
          src={preview.url}
          controls
          playsInline
          aria-label="Your recording"
        />
      ) : (
        <video
          className="recorder__video recorder__video--live"
          ref={liveRef}
          onPlaying={() => setIsCameraLive(true)}
          autoPlay
          muted
          playsInline
          aria-label="Camera"
        />
      )}
      <p className="recorder__status" role="status">
        <span>{statusWords}</span> <time dateTime={`PT${state.seconds}S`}>{formatTimer(state.seconds)}</time>
      </p>
      <div className="modal__actions recorder__actions">
        {state.status === 'inactive' ? (
          <button
            type="button"
            className="button button--primary"
            disabled={!stream || !isCameraLive}
            onClick={start}
          >
            {preview ? 'Record again' : 'Start recording'}
          </button>
        ) : null}
        {state.status === 'recording' ? (
          <button type="button" className="button button--secondary" onClick={pause}>
            Pause
          </button>
        ) : null}
        {state.status === 'paused' ? (
          <button type="button" className="button button--secondary" onClick={resume}>
            Resume
          </button>
        ) : null}
        {state.status !== 'inactive' ? (
          <button type="button" className="button button--danger" onClick={stop}>
            Stop
          </button>
        ) : null}
        {preview && state.status === 'inactive' ? (
          <button type="button" className="button button--primary" onClick={keepRecording}>
            Use this video
          </button>
        ) : null}
      </div>
    </div>
  );
}

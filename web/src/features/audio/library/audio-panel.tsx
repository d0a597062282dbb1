import { AudioTrackList } from './audio-track-list';

export type AudioPanelProps = {
  username: string;
  name: string;
  isAuthor: boolean;
};

/**
 * The profile's Audio tab: the creator's tracks. The app hands it to the profile page
 * (app/composed-pages/profile-page.tsx), loaded when the tab is first opened.
 */
export default function AudioPanel({ username, name, isAuthor }: AudioPanelProps) {
  return <AudioTrackList username={username} name={name} isAuthor={isAuthor} />;
}

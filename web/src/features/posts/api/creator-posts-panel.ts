// The profile page shows a creator's posts in its tabs; features meet only through api/, so
// the list is handed over here (it loads with the profile page's chunk, not the shell).
export { CreatorPosts } from '../components/creator-posts';

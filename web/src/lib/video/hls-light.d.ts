// hls.js ships no types for its light build; it is the same API without some features.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}

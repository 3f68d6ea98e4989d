// Public entry of the Textarea widget folder.
export { Textarea, counterText, shouldAnnounce, textLength, ANNOUNCE_STEP } from './Textarea';

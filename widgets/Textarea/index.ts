// Public entry of the Textarea widget folder.
export { Textarea } from './Textarea';
export { CharacterCounter, counterText, shouldAnnounce, textLength, ANNOUNCE_STEP, type CharacterCounterProps } from './CharacterCounter';

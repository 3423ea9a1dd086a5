/** What other features use of the group call tasks: the number list input (typed, pasted or a file). */
export { type NumberFileRead, NumberListInput, numberPreview } from './components/NumberListInput';
export { VoiceHomeDashboard } from './components/VoiceHomeDashboard';

export { VoiceHomeDashboard } from './components/VoiceHomeDashboard';

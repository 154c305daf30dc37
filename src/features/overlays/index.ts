export { ShellOverlays } from './components/shell-overlays';

import { AcornMascot } from './icons.tsx';

/** The Grove mark: Acorn and the word Grove. */
export function Logo({ size = 36, withWord = true }: { size?: number; withWord?: boolean }) {
  return (
    <span className="logo">
      <AcornMascot size={size} />
      {withWord ? <span className="logo__word">Grove</span> : null}
    </span>
  );
}

/**
 * Home's frame (docs/decisions/0045): what to do next across the top (`lead`), the players
 * (`main`) and, for a family, the coach and the next tutorial (`side`) — beside the players from
 * 1000 px, below them on phones and tablets.
 */
import type { ReactNode } from 'react';

import './home.css';

export function HomeLayout({
  lead,
  main,
  side,
  withSide,
}: {
  lead?: ReactNode;
  main: ReactNode;
  side?: ReactNode;
  /** Whether the page has a side column (a family's), also while its cards are still unknown. */
  withSide: boolean;
}) {
  return (
    <div className={`home-layout${withSide ? ' home-layout--with-side' : ''}`}>
      {lead ? <div className="home-layout__lead">{lead}</div> : null}
      <div className="home-layout__main">{main}</div>
      {side ? <div className="home-layout__side">{side}</div> : null}
    </div>
  );
}

//! One framed panel of the screen: its title (with a note on the right, such as the unit), and its chart
//! or table filling the rest; an empty list says so instead of drawing an empty chart.
import React from 'react';
import { useT } from '../useT';

export interface PanelProps {
  widget: string;
  title: string;
  extra?: React.ReactNode;
  empty?: boolean;
  children: React.ReactNode;
}

const Panel: React.FC<PanelProps> = ({ widget, title, extra, empty, children }) => {
  const t = useT();
  return (
    <section className="ds-panel" data-testid={`widget-${widget}`}>
      <h2 className="ds-panel-title">
        <span>{title}</span>
        {extra ? <span className="ds-panel-extra">{extra}</span> : null}
      </h2>
      <div className="ds-panel-body">{empty ? <div className="ds-panel-empty">{t('empty')}</div> : children}</div>
    </section>
  );
};

export default Panel;

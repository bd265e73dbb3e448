//! The 1920×1080 design canvas scaled as a whole to the window (a CSS transform): the screen reads the
//! same on a wall display, a projector and a laptop, with no scroll bars, and with dark bands on two
//! sides when the window's shape is not 16:9. Layout sizes inside stay in canvas pixels.
import React, { useEffect, useState } from 'react';
import { CANVAS } from '../layout';

interface Fit {
  scale: number;
  left: number;
  top: number;
}

function fit(): Fit {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const scale = Math.min(width / CANVAS.width, height / CANVAS.height);
  return { scale, left: (width - CANVAS.width * scale) / 2, top: (height - CANVAS.height * scale) / 2 };
}

const ScaledCanvas: React.FC<React.PropsWithChildren> = ({ children }) => {
  const [{ scale, left, top }, setFit] = useState(fit);
  useEffect(() => {
    const resized = () => setFit(fit());
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return (
    <div className="ds-viewport">
      <div
        className="ds-canvas"
        data-testid="screen-canvas"
        style={{ width: CANVAS.width, height: CANVAS.height, left, top, transform: `scale(${scale})` }}
      >
        {children}
      </div>
    </div>
  );
};

export default ScaledCanvas;

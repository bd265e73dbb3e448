//! The parts of ECharts the dispatch screens draw with, and nothing else: trends (line, bar), shares
//! (pie) and the project status funnel, with grid, tooltip, legend and title, on canvas. Imported
//! only through `import()` in Chart.tsx, so that ECharts stays in its own chunk, loaded with the
//! first chart and never with the app.
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, PieChart, FunnelChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, CanvasRenderer]);

export { init };

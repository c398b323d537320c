/**
 * The coordinates of the grid lines a chart does not draw (`CartesianGrid`'s
 * `verticalCoordinatesGenerator` / `horizontalCoordinatesGenerator` beside `vertical={false}` /
 * `horizontal={false}`): none. recharts' own generator works them out even when they are not
 * drawn, and on a chart's first render — before the axes' `interval` reaches its store — it
 * measures every category label in the DOM to do so (a forced layout per label: 0.2–1 s of the
 * daily chart's mount on 89 days).
 */
export const noGridLines = (): number[] => []

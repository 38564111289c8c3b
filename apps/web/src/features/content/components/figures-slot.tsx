/** The line mine's market figures take while they load (or if they fail): the entries below keep their place. */
export function FiguresSlot() {
  return <span aria-hidden="true">{'\u00a0'}</span>;
}

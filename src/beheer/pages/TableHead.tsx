/** The caption (for screen readers) and the plain column headers of a back-office table. */
export function TableHead({ caption, columns }: { caption: string; columns: string[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead className="utrecht-table__header">
        <tr className="utrecht-table__row">
          {columns.map((label) => (
            <th key={label} scope="col" className="utrecht-table__header-cell">
              {label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

/**
 * What a back-office page says about the last action: a status line (read out politely, always in
 * the page so the announcement is heard) and, when something went wrong, an alert.
 */
export function PageMessages({ status, problem }: { status: string; problem?: string }) {
  return (
    <>
      <p className="utrecht-paragraph beheer-status" role="status">
        {status}
      </p>
      {problem && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{problem}</p>
        </div>
      )}
    </>
  );
}

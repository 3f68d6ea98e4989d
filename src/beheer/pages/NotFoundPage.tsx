/** An address in the back office that leads nowhere (doc 2 §2 error page wording). */
import { Link } from 'wouter';
import { useBeheerTitle } from '../pageTitle';

export function NotFoundPage() {
  useBeheerTitle('Niet gevonden');
  return (
    <>
      <h1 className="utrecht-heading-1">Niet gevonden</h1>
      <p className="utrecht-paragraph">De pagina die u heeft opgevraagd is niet gevonden. De pagina kan zijn verplaatst of bestaat niet meer.</p>
      <p className="utrecht-paragraph">Foutcode: 404</p>
      <p className="utrecht-paragraph">
        <Link href="/" className="utrecht-link">
          Naar het overzicht van de flows
        </Link>
      </p>
    </>
  );
}

/**
 * The single place that loads @peculiar/x509. The library resolves its algorithms through tsyringe,
 * which needs the reflect-metadata polyfill loaded first; ESM evaluates imports in order, so the
 * polyfill import must stay above the library import. The library's default crypto provider is set
 * to Node's WebCrypto once, here.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

/** Node's WebCrypto, used to verify CSR self-signatures. */
export const webCrypto: Crypto = globalThis.crypto;

x509.cryptoProvider.set(webCrypto);

/**
 * A CSR that also exposes the raw algorithm OIDs. The library only offers WebCrypto-style
 * algorithm objects, which lose the OID (and throw for algorithms it does not know).
 */
export class InspectableCsr extends x509.Pkcs10CertificateRequest {
  /** OID of the algorithm the request is signed with. */
  get signatureAlgorithmOid(): string {
    return this.asn.signatureAlgorithm.algorithm;
  }

  /** OID of the subject public key algorithm. */
  get keyAlgorithmOid(): string {
    return this.asn.certificationRequestInfo.subjectPKInfo.algorithm.algorithm;
  }
}

export { x509 };

// PRODUCT.md "Company pages": a company and its coverage (being built).
export default function Company() {
  return <h1>Company</h1>;
}

import { Link } from 'react-router';
import './footer.css';

export function Footer() {
  return (
    <footer className="footer">
      <p className="footer__about">Stagepass lets you find creators and access their exclusive content.</p>
      <nav aria-label="Footer">
        <ul className="footer__links">
          <li>
            <Link to="/about">About</Link>
          </li>
          <li>
            <Link to="/terms-of-use">Terms of Use</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
        </ul>
      </nav>
      <p className="footer__copyright">© 2021 - 2024 Stagepass</p>
    </footer>
  );
}

import './base.css';
import './ui.css';
import './batch.css';
import './docs.css';

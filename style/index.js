import './base.css';
import './ui.css';

import { LabIcon } from '@jupyterlab/ui-components';

import modernizeSvg from '../style/icons/modernize.svg';

/**
 * The modernizer's icon: a clock turned forward, with a spark.
 */
export const modernizeIcon = new LabIcon({
  name: 'mlemodernizer:modernize',
  svgstr: modernizeSvg
});

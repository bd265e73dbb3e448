//! A titled divider across the whole width of a grid form: how a long record form (an enterprise, a
//! project) is broken into the sections a clerk reads it in.
import { Col, Divider } from 'antd';
import React from 'react';

const FormSection: React.FC<{ children: React.ReactNode }> = ({ children }) => (
  <Col span={24}>
    <Divider titlePlacement="start" style={{ marginTop: 4 }}>
      {children}
    </Divider>
  </Col>
);

export default FormSection;
